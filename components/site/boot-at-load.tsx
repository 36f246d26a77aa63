import { BOOT_AT_LOAD_META } from '@/lib/site/deferred-boot-markers';

/**
 * Marks a page whose first view depends on React (e.g. /apply hides the fields the visitor's
 * answers make irrelevant): it keeps Next's scripts at load instead of at the first interaction.
 */
export function BootAtLoad() {
  return <meta name={BOOT_AT_LOAD_META.name} content={BOOT_AT_LOAD_META.content} />;
}
