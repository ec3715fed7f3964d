import { ArrowRight, BadgeCheck, FileLock2, Fingerprint, Link2 } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { publicConfig } from '@/web/lib/public-config';
import { SectionHeading } from './section-heading';

const OUTPUTS = [
  { icon: Fingerprint, label: 'A fingerprint of the post' },
  { icon: Link2, label: 'A permanent verification link' },
  { icon: FileLock2, label: 'Tamper-proof evidence' },
  { icon: BadgeCheck, label: 'A certificate' },
];

export function EvidenceTeaserSection() {
  return (
    <section
      aria-labelledby="evidence-title"
      id="evidence"
      className="mx-auto max-w-7xl px-4 py-20 sm:px-6"
    >
      <div className="[&>*]:min-w-0 grid gap-10 rounded-2xl border border-slate-800 bg-gradient-to-br from-slate-900 to-slate-950 p-8 sm:p-12 lg:grid-cols-2 lg:items-center">
        <div>
          <SectionHeading
            id="evidence-title"
            eyebrow="Digital Evidence"
            title="Posts that can't be quietly changed"
          >
            Reply to any post with a mention of @{publicConfig.agentHandle} and ask it to save or
            fingerprint the post. Its content is recorded on the Constellation network, so anyone
            can check later that it is exactly what was posted.
          </SectionHeading>
          <Button asChild variant="outline" className="mt-8">
            <Link href="/digital-evidence">
              Browse the evidence archive
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {OUTPUTS.map(({ icon: Icon, label }) => (
            <li
              key={label}
              className="flex items-center gap-3 rounded-xl border border-slate-800 bg-slate-950/60 p-4"
            >
              <Icon className="size-5 shrink-0 text-brand" aria-hidden="true" />
              <span className="text-sm text-slate-200">{label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
