// What PATCH /users/:id receives: the Edit User modal's save, and the list's bulk Activate
// for a row (the row as the form's values). Apart from the modal, so the list loads without it.
import type { UserRole } from "@contract";

/** The Edit User form's values. */
export interface UserFormValues {
  displayName?: string | null;
  contactInfo?: string | null;
  role?: UserRole;
  verified?: boolean;
  disabled?: boolean;
  status?: string | null;
}

/** The PATCH body: all six fields, blanks as null (the API stores "no value" as null). */
export interface UserUpdateBody {
  displayName: string | null;
  contactInfo: string | null;
  role: UserRole | undefined;
  verified: boolean;
  disabled: boolean;
  status: string | null;
}

const text = (value: string | null | undefined) => value?.trim() || null;

/** The edit's PATCH body, also what the list's bulk Activate sends for a row (the row as the form's values). */
export function userUpdateBody(values: UserFormValues): UserUpdateBody {
  return {
    displayName: text(values.displayName),
    contactInfo: text(values.contactInfo),
    role: values.role,
    verified: values.verified === true,
    disabled: values.disabled === true,
    status: text(values.status),
  };
}
