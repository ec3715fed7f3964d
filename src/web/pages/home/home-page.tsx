import { PageReveal } from '@/web/components/layout/page-reveal';
import { AboutSection } from './about-section';
import { AuthErrorBanner } from './auth-error-banner';
import { EvidenceTeaserSection } from './evidence-teaser-section';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';
import { NetworkOverview } from './network-overview';
import { PremiumSection } from './premium-section';
import { TokenSection } from './token-section';

/**
 * `/`, and every unknown path. The shared footer closes the page. The hero sits
 * outside the page reveal: it holds the page's largest text (the LCP element), which must
 * be painted from the first frame; the reveal applies to the sections below it.
 */
export default function HomePage() {
  return (
    <>
      <AuthErrorBanner />
      <HeroSection />
      <PageReveal>
        <AboutSection />
        <TokenSection />
        <NetworkOverview />
        <EvidenceTeaserSection />
        <PremiumSection />
        <FaqSection />
      </PageReveal>
    </>
  );
}
