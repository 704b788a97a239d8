// A wrong master password in this dialog counts against the attempts shared by every master-password
// dialog (SPEC section 4).
import { useMasterPasswordAttempts } from '../../components/masterPassword/useMasterPasswordAttempts';

export { isWrongMasterPassword } from '../../components/masterPassword/useMasterPasswordAttempts';

export function useMasterPasswordFailure() {
  const { accepted, rejected } = useMasterPasswordAttempts();
  return { accepted, rejected };
}
