import { InfoPage } from '../../layout/InfoPage';

export default function DisableOtpPage() {
  return <InfoPage name="disableOtp" />;
}
