import 'server-only';
import { DeliveryError, type Transport } from './types';

/**
 * A transport that follows settings the owner may change at any time in the admin (issue 33:
 * mail and texts, lib/settings/): before each claim the worker calls `ready()`, which loads the
 * settings in effect (one small query) and, when they differ from those the current transport was
 * built with, builds a new one and closes the old (its pooled SMTP connection). A change saved on
 * any instance is so used by every instance's next send, without a restart.
 *
 * The e-mail lanes send one message at a time, so no send is in flight on the transport being
 * replaced; concurrent `ready()` calls (the text lane sends two at once) share one look-up.
 */
export function followingSettings<C extends 'email' | 'sms', Config>(options: {
  channel: C;
  /** The settings in effect now, or null when the channel is not configured. */
  load: () => Promise<Config | null>;
  build: (config: Config) => Transport<C>;
}): Transport<C> {
  let current: { key: string; transport: Transport<C> } | null = null;
  let loading: Promise<boolean> | null = null;

  async function refresh(): Promise<boolean> {
    const config = await options.load();
    // Compared whole: a changed password or port is a new connection.
    const key = config === null ? null : JSON.stringify(config);
    if (key === (current?.key ?? null)) return current !== null;
    const previous = current;
    current = config === null ? null : { key: key!, transport: options.build(config) };
    previous?.transport.close?.();
    return current !== null;
  }

  const ready = () => (loading ??= refresh().finally(() => (loading = null)));

  return {
    channel: options.channel,
    // Recorded with each attempt: the transport that sent it ('smtp', 'emailjs', 'twilio').
    get name() {
      return current?.transport.name ?? 'none';
    },
    ready,
    recipientOf: (payload) => current?.transport.recipientOf?.(payload) ?? '',
    async send(payload) {
      if (!current) await ready();
      if (!current)
        throw new DeliveryError(`No ${options.channel === 'email' ? 'e-mail' : 'text message'} transport is configured`, true);
      await current.transport.send(payload);
    },
    close() {
      current?.transport.close?.();
      current = null;
    },
  };
}
