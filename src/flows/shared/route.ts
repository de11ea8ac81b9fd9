/** What the route table (src/app/routes.ts) gives every screen: the params of its pattern. */
export interface RouteScreenProps {
  params: Record<string, string>;
}
