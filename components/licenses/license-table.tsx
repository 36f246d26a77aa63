import type { PageNotice } from '@/lib/licenses/state-notices';
import { noticeAnchorOf } from '@/lib/licenses/state-notices';
import type { License } from '@/lib/licenses/types';
import { stateName } from '@/lib/licenses/us-states';

const cell = 'border-t border-slate-200 px-3 py-2 align-top';
const link = 'text-brand-700 font-medium underline';

/**
 * The licenses page's table of the broker's state licenses: each state as the row's header, its
 * license, number and regulator (linked to the regulator's site), and a link down to the state's
 * notice where it has one. Server-rendered, no script. Nothing at all without a license, so the
 * page reads as before until the owner records one.
 */
export function LicenseTable({ licenses, notices, holder }: { licenses: License[]; notices: PageNotice[]; holder: string }) {
  if (licenses.length === 0) return null;
  const rows = [...licenses].sort(
    (a, b) => stateName(a.state).localeCompare(stateName(b.state), 'en') || a.createdAt.localeCompare(b.createdAt),
  );
  return (
    <section aria-labelledby="license-table-title" className="mt-8">
      <h2 id="license-table-title" className="text-brand-900 text-2xl font-semibold">
        Licenses by state
      </h2>
      {/* Scrolls sideways on a narrow screen rather than squeezing the numbers; focusable to scroll by keyboard. */}
      <div className="mt-3 overflow-x-auto" role="region" aria-labelledby="license-table-caption" tabIndex={0}>
        <table className="w-full text-left text-slate-800" data-testid="license-table">
          <caption id="license-table-caption" className="pb-2 text-left text-slate-700">
            State licenses and registrations held by {holder}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-2">
                State
              </th>
              <th scope="col" className="px-3 py-2">
                License
              </th>
              <th scope="col" className="px-3 py-2">
                Number
              </th>
              <th scope="col" className="px-3 py-2">
                Regulator
              </th>
              <th scope="col" className="px-3 py-2">
                Required notice
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((license) => {
              const anchor = noticeAnchorOf(notices, license.state);
              return (
                <tr key={license.id}>
                  <th scope="row" className={`${cell} font-semibold`}>
                    {stateName(license.state)}
                  </th>
                  <td className={cell}>{license.type}</td>
                  <td className={`${cell} break-all`}>{license.number}</td>
                  <td className={cell}>
                    {license.regulatorUrl ? (
                      <a href={license.regulatorUrl} className={link} rel="noopener noreferrer" target="_blank">
                        {license.regulatorName}
                      </a>
                    ) : (
                      license.regulatorName
                    )}
                  </td>
                  <td className={cell}>
                    {anchor ? (
                      <a href={`#${anchor}`} className={link}>
                        {stateName(license.state)} notice
                      </a>
                    ) : (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">None</span>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
