import { PageReveal } from '@/web/components/layout/page-reveal';
import { AboutSection } from '@/web/features/home/components/about-section';
import { AuthErrorBanner } from '@/web/features/home/components/auth-error-banner';
import { EvidenceTeaserSection } from '@/web/features/home/components/evidence-teaser-section';
import { FaqSection } from '@/web/features/home/components/faq-section';
import { HeroSection } from '@/web/features/home/components/hero-section';
import { NetworkOverview } from '@/web/features/home/components/network-overview';
import { PremiumSection } from '@/web/features/home/components/premium-section';
import { TokenSection } from '@/web/features/home/components/token-section';

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
