/**
 * The words of a toast the site raises, as plain data that components/ui/toast-store accepts (lib
 * describes what a toast says; it does not depend on the components that show it).
 */
export interface SiteToast {
  title: string;
  description: string;
  action?: { label: string; href: string };
}

/** A dialable tel: URL for a displayed number such as "1-800-555-0199". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The spec's 'Ready to Call' toast, with a one-tap call action for phones. */
export function phoneToast(phone: string): SiteToast {
  return {
    title: 'Ready to Call',
    description: `Call us at ${phone}. A construction loan specialist is standing by.`,
    action: { label: `Call ${phone}`, href: telHref(phone) },
  };
}

export const featureInProgressToast: SiteToast = {
  title: 'Feature in Progress',
  description: "This feature isn't available yet. Please check back soon.",
};

export const featureNotImplementedToast: SiteToast = {
  title: 'Feature not implemented',
  description: "This feature isn't implemented yet.",
};
