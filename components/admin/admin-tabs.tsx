'use client';

import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

const comingSoon = (what: string) => (
  <p className="text-slate-700">{what} editing arrives in a coming update. Nothing here can be changed yet.</p>
);

const tabs = [
  { value: 'content', label: 'Site Content', panel: comingSoon('Site content') },
  { value: 'rates', label: 'Rates', panel: comingSoon('Rates') },
  { value: 'blog', label: 'Blog', panel: comingSoon('Blog post') },
  { value: 'leads', label: 'Leads', panel: comingSoon('The leads database') },
] as const;

/** The dashboard's tabs (spec section 2). Only Security works so far. */
export function AdminTabs({ security }: { security: ReactNode }) {
  return (
    <Tabs.Root defaultValue="content" className="mt-8">
      <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1 border-b border-slate-300">
        {[...tabs, { value: 'security', label: 'Security' }].map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className="data-[state=active]:border-brand-700 data-[state=active]:text-brand-900 -mb-px border-b-2 border-transparent px-4 py-2 font-medium text-slate-700"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content key={tab.value} value={tab.value} className="py-6">
          {tab.panel}
        </Tabs.Content>
      ))}
      <Tabs.Content value="security" className="py-6">
        {security}
      </Tabs.Content>
    </Tabs.Root>
  );
}
