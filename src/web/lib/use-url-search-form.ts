import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A search form that is live from the first paint. A page the server rendered
 * shows its search box before the app's script has started; what a person does in that window
 * is kept and acted on, by one mechanism: the searched values live in the address bar.
 *
 * - The form is a native GET form and each input carries its field's `name`: Enter (or the
 *   form's button) before the app starts is the browser's own submit, which loads
 *   `<page>?<field>=<value>`; the app reads that query when it starts and runs the search.
 * - Text typed before the app starts but not submitted is still in the input when React attaches
 *   (hydration keeps the DOM's value): it becomes the draft then.
 * - Once the app runs, a submit replaces the query in place (no reload), so the address bar
 *   always names the search on screen (and a reload or a shared link repeats it).
 *
 * `submitted` is the search to run: trimmed, '' when not given.
 */
export function useUrlSearchForm<K extends string>(fields: readonly K[]) {
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const submitted = {} as Record<K, string>;
  for (const f of fields) submitted[f] = params.get(f)?.trim() ?? '';
  const submittedKey = JSON.stringify(fields.map((f) => submitted[f]));

  const [draft, setDraft] = useState(submitted);
  const [syncedKey, setSyncedKey] = useState(submittedKey);
  // The query changed from outside the box (the app starting on `?search=…`, back/forward):
  // the box shows it. Not when the draft already says it (our own submit; keeps its spaces).
  if (syncedKey !== submittedKey) {
    setSyncedKey(submittedKey);
    if (fields.some((f) => draft[f].trim() !== submitted[f])) setDraft(submitted);
  }

  const formRef = useRef<HTMLFormElement>(null);
  // Runs right after hydration, before anything re-renders the inputs: text typed into the
  // server's HTML is taken into the draft rather than lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the moment the app attaches
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<Record<K, string>> = {};
    for (const f of fields) {
      const input = form.elements.namedItem(f);
      if (input instanceof HTMLInputElement && input.value) typed[f] = input.value;
    }
    if (Object.keys(typed).length > 0) setDraft((d) => ({ ...d, ...typed }));
  }, []);

  const submit = (values: Record<K, string>) => {
    const next = new URLSearchParams(window.location.search);
    for (const f of fields) {
      const v = values[f].trim();
      if (v) next.set(f, v);
      else next.delete(f);
    }
    const qs = next.toString();
    navigate(qs ? `${location}?${qs}` : location, { replace: true });
  };

  return {
    /** The search to run, from the address bar. */
    submitted,
    draft,
    setField: (field: K, value: string) => setDraft((d) => ({ ...d, [field]: value })),
    /** Puts `values` in the address bar now (a debounced search calls this). */
    submit,
    /** Spread on the `<form>`: native GET before the app starts, in-app submit after. */
    formProps: {
      ref: formRef,
      method: 'get',
      action: location,
      role: 'search',
      onSubmit: (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        submit(draft);
      },
    },
    /** Spread on a field's `<input>`. */
    inputProps: (field: K) => ({
      name: field,
      value: draft[field],
      onChange: (e: { target: { value: string } }) =>
        setDraft((d) => ({ ...d, [field]: e.target.value })),
    }),
  };
}
