/** Who did it, from where: copied into audit events and createdBy-style fields. */
export interface Actor {
  /** null when nobody is signed in (a failed sign-in, the first-admin bootstrap). */
  id: string | null;
  email: string;
  ip?: string;
  /** The API token used, named in the audit event. */
  token?: { id: string; name: string };
}
