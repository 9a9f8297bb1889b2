/** The staff context's browser-safe surface: roles, their labels and the staff pages' messages. */
export {
  parseRoles,
  ROLE_LABELS,
  STAFF_MESSAGES,
  STAFF_PASSWORD_LENGTH,
  STAFF_ROLES,
  STAFF_SIGN_IN_PATH,
  type StaffRole,
} from './roles';
