import { Boxes, Loader2, Save } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { SectionCard } from '@/web/components/ui/section-card';
import { toast } from '@/web/components/ui/use-toast';
import type { AuthorizationStatus } from '../api/get-authorization-status';
import { useExternalProjects } from '../api/get-external-projects';
import { useUpdateAllowedProjects } from '../api/update-allowed-projects';

/**
 * Which outside projects may post for the user (the status's allowedProjects). A project posts
 * only while the user is authorized and it is ticked here.
 */
export function AllowedProjectsCard({ status }: { status: AuthorizationStatus | undefined }) {
  const projects = useExternalProjects();
  const save = useUpdateAllowedProjects();
  // Until the user ticks something, the saved choice is what shows.
  const [edited, setEdited] = useState<Set<string> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selected = edited ?? new Set(status?.allowedProjects.map((p) => p.id));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setEdited(next);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const allowed = await save.mutateAsync([...selected]);
      setEdited(null);
      toast({
        title: 'Allowed projects saved',
        description: allowed.length ? allowed.map((p) => p.name).join(', ') : 'No project allowed',
      });
    } catch (err) {
      setError((err as Error).message);
    }
  };

  const list = projects.data ?? [];
  return (
    <SectionCard title="Allowed Projects" icon={Boxes}>
      <p className="text-sm text-slate-400">
        Choose the outside projects that may post for you. They can post only while you are
        authorized.
      </p>
      {projects.isLoading ? (
        <p className="text-sm text-slate-400">Loading projects...</p>
      ) : projects.isError ? (
        <p className="text-sm text-red-300">The project list could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-300">No outside projects are registered yet.</p>
      ) : (
        <form onSubmit={onSubmit} className="flex flex-col gap-3">
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Projects allowed to post for you</legend>
            {list.map((p) => (
              <label
                key={p.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-800 bg-slate-950/40 px-3 py-2 text-sm hover:border-slate-600"
              >
                <input
                  type="checkbox"
                  checked={selected.has(p.id)}
                  onChange={() => toggle(p.id)}
                  className="size-4 accent-cyan-400"
                />
                <span className="flex-1 font-medium text-slate-100">{p.name}</span>
                {p.dailyCap !== null && (
                  <span className="text-xs text-slate-400">up to {p.dailyCap} posts a day</span>
                )}
              </label>
            ))}
          </fieldset>
          {error && (
            <p role="alert" className="text-sm text-red-300">
              {error}
            </p>
          )}
          <Button
            type="submit"
            variant="outline"
            size="sm"
            className="self-start"
            disabled={save.isPending}
          >
            {save.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Save className="size-4" aria-hidden="true" />
            )}
            {save.isPending ? 'Saving...' : 'Save allowed projects'}
          </Button>
        </form>
      )}
    </SectionCard>
  );
}
