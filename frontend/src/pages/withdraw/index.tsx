import { InfoPage } from '../../layout/InfoPage';

export default function WithdrawPage() {
  return <InfoPage name="withdraw" />;
}
