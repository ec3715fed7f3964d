import { Link } from 'wouter';
import { profileUrl } from '@/shared/x-links';
import { LegalDocument, type LegalSection } from '@/web/features/legal/components/legal-document';
import { publicConfig } from '@/web/lib/public-config';

const { productName: name, agentHandle: agent } = publicConfig;

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <p>
        By using {name}, its website or its agent @{agent} on X, you agree to these Terms of Service
        and to our <Link href="/privacy-policy">Privacy Policy</Link>. If you do not agree, do not
        use the service. You must be at least 13 years old to use {name}.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'Description of Service',
    body: (
      <>
        <p>
          {name} gives every X user a custodial wallet created from their X handle and keyed to
          their X numeric user id. You act by posting commands that mention @{agent}: checking
          balances and addresses, sending tokens, AI token analysis, saving posts as blockchain
          digital evidence and promoting posts.
        </p>
        <p>
          The wallet holds $UP, $DAG and $DOR on the Constellation network; $UP also exists on Base.
          Some features cost $UP, and the free tier pays a 0.5% transfer fee that the premium tier
          does not. Prices are shown on the <Link href="/how-it-works">How it works</Link> and{' '}
          <Link href="/premium">Premium</Link> pages.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'User Conduct',
    body: (
      <>
        <p>The agent acts only on its author’s own posts. You agree not to:</p>
        <ul>
          <li>use the service for fraud, money laundering, sanctions evasion or other crimes;</li>
          <li>impersonate others or try to make the agent act for an account you do not own;</li>
          <li>spam the agent, disrupt the service, or probe or attack its systems;</li>
          <li>archive or promote content that infringes others’ rights or is unlawful.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <p>
        The {name} name, logo, website and software belong to their owners. Posts you submit remain
        yours; by asking the agent to save, fingerprint, quote or promote a post you let us store,
        display and republish it for that purpose, including in the public digital evidence archive.
      </p>
    ),
  },
  {
    id: 'data-privacy',
    title: 'Data and Privacy',
    body: (
      <p>
        We process your X profile data, your commands and your wallet activity to run the service,
        as described in the <Link href="/privacy-policy">Privacy Policy</Link>. Blockchain
        transactions and digital-evidence fingerprints are public and permanent: we cannot delete
        them.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <>
        <p>
          <strong className="text-slate-100">No financial advice.</strong> Nothing on {name},
          including AI token analysis, leaderboards and the prediction-market portfolio with its AI
          reasoning, is financial, investment, legal or tax advice. Do your own research.
        </p>
        <p>
          Crypto tokens are volatile and may lose all their value. The service is provided “as is”
          and “as available”, without warranties of any kind. AI output can be wrong. Transfers on a
          blockchain are final once confirmed.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        To the fullest extent the law allows, {name} and its operators are not liable for indirect,
        incidental or consequential damages, lost profits or lost tokens arising from your use of
        the service, network outages of X, Constellation or Base, or mistakes in commands you post.
        Where liability cannot be excluded, it is limited to the fees you paid for the service.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may stop using the service at any time and withdraw your tokens to an address you
        control. We may suspend or end access for accounts that break these terms; where the law
        allows, we will give you a chance to withdraw your balance first.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to Terms',
    body: (
      <p>
        We may update these terms. We will give at least 30 days notice of material changes on this
        website and through @{agent} before they take effect. Using the service after that date
        means you accept the new terms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of the place where the operator of {name} is
        established, without regard to its conflict-of-law rules. Mandatory consumer protections of
        your country of residence still apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Reach us on X at{' '}
        <a href={profileUrl(publicConfig, agent)} target="_blank" rel="noopener noreferrer">
          @{agent}
        </a>
        .
      </p>
    ),
  },
];

export default function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary={`The rules for using ${name} and its agent @${agent} on X.`}
      sections={SECTIONS}
    />
  );
}
