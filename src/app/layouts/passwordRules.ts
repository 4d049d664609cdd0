// §5 rules of the change-password dialog, with the contract's bounds (POST /user/saveNewPwd: old 1–64,
// new and confirmation 6–20): every field required, the new password 6 to 20 characters, the two new
// passwords equal, and different from the old one.
export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordProblem = 'oldRequired' | 'oldTooLong' | 'newRequired' | 'newLength' | 'confirmRequired' | 'mismatch' | 'sameAsOld';

export const OLD_PASSWORD_MAX = 64;
export const NEW_PASSWORD_MIN = 6;
export const NEW_PASSWORD_MAX = 20;

export type PasswordProblems = Partial<Record<keyof PasswordChange, PasswordProblem>>;

export function passwordChangeProblems({ oldPassword, newPassword, confirmPassword }: PasswordChange): PasswordProblems {
  const problems: PasswordProblems = {};
  if (oldPassword === '') problems.oldPassword = 'oldRequired';
  else if (oldPassword.length > OLD_PASSWORD_MAX) problems.oldPassword = 'oldTooLong';
  if (newPassword === '') problems.newPassword = 'newRequired';
  else if (newPassword.length < NEW_PASSWORD_MIN || newPassword.length > NEW_PASSWORD_MAX) problems.newPassword = 'newLength';
  else if (newPassword === oldPassword) problems.newPassword = 'sameAsOld';
  if (confirmPassword === '') problems.confirmPassword = 'confirmRequired';
  else if (confirmPassword !== newPassword) problems.confirmPassword = 'mismatch';
  return problems;
}
