'use client';

import { Tabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { LEAVE_MESSAGE, UnsavedChangesProvider, useUnsavedRegistry } from './unsaved-changes';

type TabValue = 'content' | 'rates' | 'blog' | 'leads' | 'payments' | 'security';

const labels: Record<TabValue, string> = {
  content: 'Site Content',
  rates: 'Rates',
  blog: 'Blog',
  leads: 'Leads',
  payments: 'Payments',
  security: 'Security',
};

/** The dashboard's tabs (spec section 2). Leaving a tab with unsaved edits asks first. */
export function AdminTabs(panels: {
  content: ReactNode;
  rates: ReactNode;
  blog: ReactNode;
  leads: ReactNode;
  payments: ReactNode;
  security: ReactNode;
}) {
  return (
    <UnsavedChangesProvider>
      <GuardedTabs panels={panels} />
    </UnsavedChangesProvider>
  );
}

function GuardedTabs({ panels }: { panels: Record<TabValue, ReactNode> }) {
  const [tab, setTab] = useState<TabValue>('content');
  const unsaved = useUnsavedRegistry();

  function change(next: string) {
    if (next === tab) return;
    if (unsaved.isDirty(tab) && !window.confirm(LEAVE_MESSAGE)) return;
    setTab(next as TabValue);
  }

  return (
    <Tabs.Root value={tab} onValueChange={change} className="mt-8">
      <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1 border-b border-slate-300">
        {(Object.keys(labels) as TabValue[]).map((value) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="data-[state=active]:border-brand-700 data-[state=active]:text-brand-900 -mb-px border-b-2 border-transparent px-3 py-2 font-medium text-slate-700 sm:px-4"
          >
            {labels[value]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {(Object.keys(labels) as TabValue[]).map((value) => (
        // Panels stay mounted so a half-edited form survives a look at another tab.
        <Tabs.Content key={value} value={value} forceMount className="py-6 data-[state=inactive]:hidden">
          {panels[value]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
