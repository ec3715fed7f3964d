import { ChevronDown } from 'lucide-react';
import { publicConfig } from '@/web/lib/public-config';
import { SectionHeading } from './section-heading';

function faqEntries(agentHandle: string) {
  return [
    {
      question: 'Do I need a wallet to get started?',
      answer: `No. Your wallet is created from your X handle the first time you post to @${agentHandle}. There is no app to install, no account to register and no seed phrase to keep.`,
    },
    {
      question: 'What do the AI services cost?',
      answer:
        'On the free tier a token analysis costs 75 $UP, saving a post as digital evidence 30 $UP and a promotional video 250 $UP. Premium includes 3 analyses, 5 evidence saves and 1 video free every day, and lower prices after that.',
    },
    {
      question: 'Which tokens are supported?',
      answer:
        "$UP and $DAG. $UP is a metagraph token on the Constellation network and an ERC-20 on Base; $DAG is Constellation's own coin.",
    },
    {
      question: 'How do rewards work?',
      answer:
        'Quality posts earn $UP rewards, and the leaderboards rank the most active users. Only active Premium subscribers are eligible for leaderboard rewards.',
    },
  ];
}

/** Native <details>: keyboard and screen-reader support with no script. */
export function FaqSection() {
  return (
    <section aria-labelledby="faq-title" id="faq" className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
      <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions, answered" />
      <div className="mt-10 divide-y divide-slate-800 rounded-xl border border-slate-800">
        {faqEntries(publicConfig.agentHandle).map(({ question, answer }) => (
          <details key={question} className="group px-5 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md py-5 font-medium text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">
              <h3>{question}</h3>
              <ChevronDown
                className="size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="pb-5 text-slate-300">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
