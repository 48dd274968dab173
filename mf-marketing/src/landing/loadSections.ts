/**
 * The landing page's sections (features, how it works, roles, demo, FAQ, contact): their own chunk, fetched
 * as the visitor scrolls toward them or asks for one of their anchors. One function for React.lazy and for
 * the anchors' wait (registerSectionsLoader).
 */
export const loadSections = () => import('./sections');
