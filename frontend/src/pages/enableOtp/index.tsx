import { InfoPage } from '../../layout/InfoPage';

export default function EnableOtpPage() {
  return <InfoPage name="enableOtp" />;
}
