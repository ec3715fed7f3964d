import { Layers, Send, Sparkles, Wallet } from 'lucide-react';
import { COMING_SOON, PAID_ITEM_AVAILABLE } from '@/shared/feature-availability';
import { Card, CardDescription, CardTitle } from '@/web/components/ui/card';
import { publicConfig } from '@/web/lib/public-config';
import { SectionHeading } from './section-heading';

const FEATURES = [
  {
    icon: Wallet,
    title: 'A wallet from your handle',
    text: 'The agent keeps a custodial wallet for every X handle. It exists the first time you post; there is nothing to install and no seed phrase to lose.',
  },
  {
    icon: Send,
    title: 'Send by posting',
    text: "Send an amount, or 'all', to another handle or to a DAG address. Ask for your balance or anyone's address the same way.",
  },
  {
    icon: Sparkles,
    title: PAID_ITEM_AVAILABLE.token_analysis
      ? 'AI on request'
      : `AI on request (${COMING_SOON.toLowerCase()})`,
    text: 'Ask for an AI analysis of a token, have a post promoted or commented on, or made into a video.',
  },
  {
    icon: Layers,
    title: 'One token, two networks',
    text: '$UP is a metagraph token on the Constellation network and an ERC-20 on Base. Your wallet also holds $DAG.',
  },
];

export function AboutSection() {
  return (
    <section
      aria-labelledby="about-title"
      id="about"
      className="mx-auto max-w-7xl px-4 py-20 sm:px-6"
    >
      <SectionHeading
        id="about-title"
        eyebrow="About"
        title={`What is ${publicConfig.productName}?`}
      >
        A community wallet that lives on X. You talk to an AI agent, @{publicConfig.agentHandle},
        and it does the on-chain work for you.
      </SectionHeading>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <Icon className="size-6 text-brand" aria-hidden="true" />
              <CardTitle className="mt-4">{title}</CardTitle>
              <CardDescription className="mt-2 text-slate-300">{text}</CardDescription>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
