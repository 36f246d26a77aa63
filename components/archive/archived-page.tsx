import { CalculatorsIndexBody } from '@/components/calculators/calculators-index';
import { HomePageBody } from '@/components/home/home-page';
import { LicensesPageBody } from '@/components/licenses/licenses-page';
import { OfficerPageBody } from '@/components/officers/officer-page';
import { TeamPageBody } from '@/components/officers/team-page';
import { RatesPageBody } from '@/components/rates/rates-page';
import { BlogPageBody } from '@/components/site/blog-page';
import { FooterView } from '@/components/site/footer';
import { Header } from '@/components/site/header';
import { LayoutIconSprite } from '@/components/site/page-sprites';
import { PostPageBody } from '@/components/site/post-page';
import { hasArchivedPage, officerSlugOf, postSlugOf } from '@/lib/archive/pages';
import type { ArchivedSite } from '@/lib/archive/types';
import { builtCalculators } from '@/lib/calculators/catalog';
import type { SiteContent } from '@/lib/content/schema';
import { ArchivedCalculator } from './archived-calculator';

/**
 * A public page as it was at an archived moment (issue 31, point 5), rendered by the same
 * components as the site from the archive's versions: the header, the page's body, the footer.
 * The lead forms are the release's code, not archived text: a marked box stands in for them. What
 * runs in the visitor's browser (the edit mode, the dialogs, Web Vitals) is left out.
 */
export function ArchivedPage({ site, path, paymentsEnabled }: { site: ArchivedSite; path: string; paymentsEnabled: boolean }) {
  const { content } = site;
  if (!content || !hasArchivedPage(site, path)) return null;
  return (
    <div data-archived-page={path}>
      <LayoutIconSprite />
      <Header content={content} />
      <div id="archived-main">
        <ArchivedBody site={site} content={content} path={path} paymentsEnabled={paymentsEnabled} />
      </div>
      <FooterView content={content} year={new Date(site.at).getUTCFullYear()} />
    </div>
  );
}

function ArchivedBody({
  site,
  content,
  path,
  paymentsEnabled,
}: {
  site: ArchivedSite;
  content: SiteContent;
  path: string;
  paymentsEnabled: boolean;
}) {
  const rates = site.rates?.list ?? [];
  const changedAt = site.rates?.changedOn ?? null;
  if (path === '/') return <HomePageBody content={content} rates={rates} paymentsEnabled={paymentsEnabled} />;
  if (path === '/rates')
    return (
      <RatesPageBody
        page={content.rates}
        rates={rates}
        changedAt={changedAt}
        qualifyForm={<FormStandIn name="qualification form" />}
      />
    );
  if (path === '/licenses')
    return <LicensesPageBody content={content} rates={rates} changedAt={changedAt} licenses={site.licenses ?? []} />;
  if (path === '/blog') return <BlogPageBody description={content.meta.blog.description} posts={site.posts} />;
  if (path === '/team') return <TeamPageBody company={content.company} officers={site.officers} />;
  if (path === '/calculators') return <CalculatorsIndexBody />;
  const calculator = builtCalculators().find((c) => c.path === path);
  if (calculator)
    return (
      <ArchivedCalculator
        id={calculator.id}
        content={content}
        rates={rates}
        actions={<FormStandIn name="apply button and estimate form" />}
      />
    );
  const officer = site.officers.find((o) => o.slug === officerSlugOf(path));
  if (officer) return <OfficerPageBody officer={officer} company={content.company} contact={content.contact} />;
  const post = site.posts.find((p) => p.slug === postSlugOf(path));
  return post ? <PostPageBody post={post} /> : null;
}

function FormStandIn({ name }: { name: string }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-400 p-6 text-center text-slate-700">
      [The page’s {name}: part of the site’s code, not of the archive.]
    </p>
  );
}
