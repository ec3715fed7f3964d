import { Link } from 'wouter';
import { profileUrl } from '@/shared/x-links';
import { LegalDocument, type LegalSection } from '@/web/features/legal/components/legal-document';
import { publicConfig } from '@/web/lib/public-config';

const { productName: name, agentHandle: agent } = publicConfig;

const SECTIONS: LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: (
      <p>
        This policy explains what {name} collects when you use the website or post to @{agent} on X,
        why, and the choices you have. It is part of our{' '}
        <Link href="/terms-of-service">Terms of Service</Link>.
      </p>
    ),
  },
  {
    id: 'information-collected',
    title: 'Information We Collect',
    body: (
      <ul>
        <li>
          Your X account: numeric user id, handle, display name and profile image, when you post to
          the agent or sign in with X.
        </li>
        <li>Posts that mention @{agent}, and posts you ask it to save, analyze or promote.</li>
        <li>
          Your custodial wallet: its addresses, balances and transactions (which are public on the
          blockchain).
        </li>
        <li>Subscription records, and sign-in times for your account page.</li>
        <li>
          If you authorize outside projects to post for you: the OAuth tokens X issues for that.
        </li>
        <li>Page views: the page path and referrer only, with no cookie or personal data.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How We Use Information',
    body: (
      <p>
        To create and key your wallet to your X account, carry out the commands in your own posts,
        reply to you, run leaderboards and rewards, manage subscriptions, keep the service secure,
        and count page views to improve the site. We do not sell your data and do not use it for
        advertising.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Information',
    body: (
      <p>
        Transactions and evidence fingerprints go on public blockchains. Replies from the agent are
        public posts on X. Otherwise we share data only with the service providers below, or when
        the law requires it.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-Party Services',
    body: (
      <p>
        We rely on X (sign-in and posts), the Constellation network and Base (wallets and
        transfers), a blockchain digital-evidence service (fingerprints and certificates), an AI
        model provider (token and position analysis) and public block explorers and avatar services.
        Their own privacy policies apply to what they receive.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <p>
        We set a single session cookie when you sign in with X, to keep you signed in. We use no
        advertising or tracking cookies; page views are counted without cookies.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Wallet private keys are encrypted at rest and never shown to anyone. OAuth tokens for
        outside-project posting are stored encrypted with AES-256-CBC in a separate table, and you
        can revoke them at any time. No system is perfectly secure, but we work to protect your
        data.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: (
      <p>
        We keep account and wallet records while your account exists, because your wallet depends on
        them. OAuth tokens are deleted when you revoke access. Data written to a blockchain cannot
        be removed by anyone.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your Privacy Rights',
    body: (
      <p>
        Depending on where you live, you may ask to access, correct, export or delete your personal
        data, or object to how we use it: contact us as described below. Deleting your account does
        not delete public blockchain records.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children Under 13',
    body: (
      <p>
        {name} is not for children under 13 and we do not knowingly collect their data. If you
        believe a child under 13 has used the service, contact us and we will delete their data.
      </p>
    ),
  },
  {
    id: 'international',
    title: 'International Transfers',
    body: (
      <p>
        Our servers and service providers may be in countries other than yours. When data moves
        across borders we use safeguards the law requires.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We will give at least 30 days notice of material changes to this policy on this website and
        through @{agent} before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        For privacy questions or requests, reach us on X at{' '}
        <a href={profileUrl(publicConfig, agent)} target="_blank" rel="noopener noreferrer">
          @{agent}
        </a>
        .
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary={`How ${name} handles your information, in plain language.`}
      sections={SECTIONS}
    />
  );
}
