// Contract 9: renders the page for a route key (the route's `page` name) from
// its document in schemas/pages/<page>.json. The renderers load lazily per
// kind; no form library is pulled in here.
import { PageView } from './PageView';

export function RoutePage({ page }: { page: string }) {
  return <PageView name={page} />;
}
