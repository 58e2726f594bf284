// The public face of the users module, owner of the `users` table: what other modules may import.
export {
  deleteUserRow,
  findUserByEmail,
  findUserById,
  findUserWithMember,
  findUserWithMemberByEmail,
  insertUser,
  toAdminUser,
  toUser,
  updateUser,
} from './users.repository.ts';
export { readSignatureBytes } from './user-signature.service.ts';
