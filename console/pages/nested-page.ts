// The page view a page draws its nested pages with (a tab's page, a dashboard's
// chart widget). PageView provides itself here, so the pages it draws need not
// import it back: the import graph stays free of circles.
import { createContext, useContext, type ComponentType } from 'react';

export interface NestedPageProps {
  name: string;
  nested?: boolean;
  title?: string;
}

export const NestedPageContext = createContext<ComponentType<NestedPageProps> | null>(null);

/** The page view to draw a nested page with; only pages drawn by PageView draw nested ones. */
export function useNestedPage(): ComponentType<NestedPageProps> {
  const view = useContext(NestedPageContext);
  if (!view) throw new Error('A nested page is drawn outside PageView.');
  return view;
}
