/**
 * The funding awards /funding-grant lists (SPEC §3 Funding award). The words of each award (title, short and
 * full description, category, tags) are catalogue keys under `funding.awards.<id>` and `funding.tags`, so
 * they are shown in the chosen language; links, provider and year are the same in every language.
 */
export interface FundingAward {
  id: string;
  /** Catalogue key of the award's name. */
  title: string;
  /** The award programme's public page. */
  link: string;
  /** Catalogue key of the one-paragraph summary on the card. */
  description: string;
  /** Catalogue key of what Read More shows. */
  fullDescription: string;
  /** Catalogue key of the category ('Research Grant'). */
  category: string;
  /** Who awarded it: a name, shown as it is. */
  provider: string;
  /** Catalogue keys of the tags. */
  tags: readonly string[];
  year: number;
}

const award = (id: string, fields: Pick<FundingAward, 'link' | 'provider' | 'tags' | 'year'>) => ({
  id,
  title: `funding.awards.${id}.title`,
  description: `funding.awards.${id}.description`,
  fullDescription: `funding.awards.${id}.fullDescription`,
  category: 'funding.categories.researchGrant',
  ...fields,
});

export const FUNDING_AWARDS: readonly FundingAward[] = [
  award('google-academic-research-2024', {
    link: 'https://research.google/programs-and-events/google-academic-research-awards/',
    provider: 'Google Research',
    tags: ['funding.tags.societyCenteredAi', 'funding.tags.speech', 'funding.tags.yoruba'],
    year: 2024,
  }),
  award('google-inclusion-research-2023', {
    link: 'https://research.google/programs-and-events/award-for-inclusion-research/',
    provider: 'Google Research',
    tags: ['funding.tags.inclusion', 'funding.tags.nigerianLanguages', 'funding.tags.textData'],
    year: 2023,
  }),
];
