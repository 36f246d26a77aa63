import { describe, expect, it } from 'vitest';
import { ICON_NODES, type IconName } from './icon-nodes';

type LucideIconData = { size: number; node: [string, Record<string, string>][] };

/** The generated copy must follow lucide-react upgrades: re-run scripts/dev/generate-icon-nodes.mjs when this fails. */
describe('ICON_NODES', () => {
  for (const name of Object.keys(ICON_NODES) as IconName[]) {
    it(`${name} matches the installed lucide-react`, async () => {
      const { __iconData: icon } = (await import(`lucide-react/icons/${name}`)) as { __iconData: LucideIconData };
      expect(icon.size).toBe(24);
      expect(ICON_NODES[name]).toEqual(icon.node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]));
    });
  }
});
