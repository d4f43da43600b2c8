import { trackProductPageView } from '@client/features/analytics';
import { useEffect } from 'react';
import { LandingAddOnsSection } from './landing-add-ons-section';
import { LandingClaimsSection } from './landing-claims-section';
import { LandingCtaSection } from './landing-cta-section';
import { LandingFeaturesSection } from './landing-features-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';
import { LandingPricingSection } from './landing-pricing-section';

/** Spec 000 §2.1: the public landing page, one section per file. */
export function LandingPage() {
  useEffect(() => trackProductPageView(), []);
  return (
    <div className="min-h-screen bg-background text-foreground">
      <LandingHeader />
      <main>
        <LandingHero />
        <LandingFeaturesSection />
        <LandingClaimsSection />
        <LandingAddOnsSection />
        <LandingPricingSection />
        <LandingCtaSection />
      </main>
      <LandingFooter />
    </div>
  );
}
