/**
 * The bridge between `withStepUp` (a plain function any client code awaits) and the one
 * 'Confirm it's you' dialog the dashboard mounts: a request opens the dialog and resolves with
 * whether the person confirmed. Requests made while the dialog is open share its answer.
 */
type Host = () => Promise<boolean>;

let host: Host | null = null;
let inFlight: Promise<boolean> | null = null;

export function registerStepUpHost(open: Host): () => void {
  host = open;
  return () => {
    if (host === open) host = null;
  };
}

export function requestStepUp(): Promise<boolean> {
  if (!host) return Promise.resolve(false);
  inFlight ??= host().finally(() => (inFlight = null));
  return inFlight;
}
