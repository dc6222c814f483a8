import { HomeBenefits } from './HomeBenefits';
import { HomeHero } from './HomeHero';
import { HomePartnerBanner } from './HomePartnerBanner';
import { HomeSteps } from './HomeSteps';

export default function HomePage() {
  return (
    <div className="home">
      <HomeHero />
      <HomeSteps />
      <HomeBenefits />
      <HomePartnerBanner />
    </div>
  );
}
