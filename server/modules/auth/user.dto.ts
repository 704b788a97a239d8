// The user object of every answer (SPEC section 3): exactly these fields, never a hash or a secret.
import { Type, type Static } from '@sinclair/typebox';
import type { UsersTable } from '../../db/schema';

export const UserSchema = Type.Object(
  {
    _id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    twoFactorEnabled: Type.Boolean(),
    createdAt: Type.String(),
  },
  { additionalProperties: false },
);
export type UserDto = Static<typeof UserSchema>;

type UserDtoColumns = Pick<
  UsersTable,
  'id' | 'first_name' | 'last_name' | 'email' | 'two_factor_enabled' | 'created_at'
>;

export function toUserDto(row: UserDtoColumns): UserDto {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    twoFactorEnabled: Boolean(row.two_factor_enabled),
    createdAt: row.created_at,
  };
}
