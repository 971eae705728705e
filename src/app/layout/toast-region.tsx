/** The polite live region where short notices (a failed background refresh, a status change) appear. */
import { ToastList } from '../../components/toast-list';

export function ToastRegion() {
  return <ToastList />;
}
