/** Request bodies of arrears (docs/rules.md#arrears), as zod schemas (src/types/schema.ts). */
import { id, text, z } from './schema';

export const WriteOffArrearsBody = z.object({ id: id(), reason: text(200) });
export type WriteOffArrearsInput = z.output<typeof WriteOffArrearsBody>;
