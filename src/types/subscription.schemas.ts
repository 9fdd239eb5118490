/** Request bodies of the subscription calls (orders, payment) as zod schemas (src/types/schema.ts). */
import { id, z } from './schema';

export const OrderBody = z.object({ packageId: id() });
export const OrderIdBody = z.object({ id: id() });
