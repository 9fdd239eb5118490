/** Jump search (issue 9): students, leads and staff found by name or mobile within the caller's access. */
export type JumpKind = 'student' | 'lead' | 'staff';

export interface JumpHit {
  kind: JumpKind;
  id: number;
  name: string;
  /** Shown only where the caller may see it (a teacher sees only their own mobile among staff). */
  mobile?: string;
  /** Campus or status, for telling namesakes apart. */
  detail?: string;
  /** Where the record opens. */
  path: string;
}
