import { useSession } from '@/hooks/useSession';
import { schoolCapabilities, type SchoolCapability } from '@/domain/schoolPermissions';

/** What the signed-in user may do on the school screens (students, cards, setup), from their role. */
export function useSchoolCaps(): Record<SchoolCapability, boolean> {
  const { currentUser } = useSession();
  return schoolCapabilities(currentUser?.role);
}
