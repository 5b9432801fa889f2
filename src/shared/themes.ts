// The quick themes (spec 000 §2), and which of them every plan has (issue 33).
// No schema here: the pricing page reads the counts without loading the schema library.

/**
 * 24 quick colour themes: a primary and secondary colour and a background
 * gradient (spec 000 §2). Buttons that follow the theme carry white text on
 * both colours, so each is dark enough for WCAG AA (issue 51; the unit test
 * checks every theme with Customize's own checker).
 */
export const QUICK_THEMES = [
  { name: 'Violet', primaryColor: '#7C3AED', secondaryColor: '#DB2777', gradient: ['#1E1B4B', '#4C1D95'] },
  { name: 'Ocean', primaryColor: '#0369A1', secondaryColor: '#0E7490', gradient: ['#082F49', '#0C4A6E'] },
  { name: 'Forest', primaryColor: '#15803D', secondaryColor: '#4D7C0F', gradient: ['#052E16', '#14532D'] },
  { name: 'Sunset', primaryColor: '#C2410C', secondaryColor: '#E11D48', gradient: ['#431407', '#7C2D12'] },
  { name: 'Rose', primaryColor: '#E11D48', secondaryColor: '#BE185D', gradient: ['#4C0519', '#881337'] },
  { name: 'Gold', primaryColor: '#A16207', secondaryColor: '#B45309', gradient: ['#1C1917', '#422006'] },
  { name: 'Mint', primaryColor: '#047857', secondaryColor: '#0F766E', gradient: ['#022C22', '#134E4A'] },
  { name: 'Sky', primaryColor: '#0369A1', secondaryColor: '#4F46E5', gradient: ['#0F172A', '#1E3A8A'] },
  { name: 'Fuchsia', primaryColor: '#C026D3', secondaryColor: '#9333EA', gradient: ['#2E1065', '#701A75'] },
  { name: 'Crimson', primaryColor: '#DC2626', secondaryColor: '#C2410C', gradient: ['#1C0A0A', '#450A0A'] },
  { name: 'Slate', primaryColor: '#475569', secondaryColor: '#64748B', gradient: ['#020617', '#1E293B'] },
  { name: 'Lime', primaryColor: '#4D7C0F', secondaryColor: '#A16207', gradient: ['#1A2E05', '#365314'] },
  { name: 'Indigo', primaryColor: '#4F46E5', secondaryColor: '#7C3AED', gradient: ['#1E1B4B', '#312E81'] },
  { name: 'Coral', primaryColor: '#E11D48', secondaryColor: '#C2410C', gradient: ['#3F1D2B', '#7F1D1D'] },
  { name: 'Teal', primaryColor: '#0F766E', secondaryColor: '#0E7490', gradient: ['#042F2E', '#115E59'] },
  { name: 'Amber', primaryColor: '#B45309', secondaryColor: '#DC2626', gradient: ['#292524', '#78350F'] },
  { name: 'Lavender', primaryColor: '#9333EA', secondaryColor: '#A21CAF', gradient: ['#2E1065', '#4C1D95'] },
  { name: 'Cyber', primaryColor: '#0E7490', secondaryColor: '#A21CAF', gradient: ['#030712', '#1E1B4B'] },
  { name: 'Noir', primaryColor: '#3F3F46', secondaryColor: '#52525B', gradient: ['#09090B', '#27272A'] },
  { name: 'Cherry', primaryColor: '#BE123C', secondaryColor: '#E11D48', gradient: ['#1F0A12', '#4C0519'] },
  { name: 'Emerald', primaryColor: '#047857', secondaryColor: '#15803D', gradient: ['#011A13', '#064E3B'] },
  { name: 'Blueberry', primaryColor: '#2563EB', secondaryColor: '#4F46E5', gradient: ['#0B1120', '#1E3A8A'] },
  { name: 'Peach', primaryColor: '#C2410C', secondaryColor: '#DB2777', gradient: ['#27150B', '#7C2D12'] },
  { name: 'Aurora', primaryColor: '#0F766E', secondaryColor: '#7C3AED', gradient: ['#042F2E', '#2E1065'] },
] as const;
export type QuickTheme = (typeof QUICK_THEMES)[number];
export type QuickThemeName = QuickTheme['name'];

/** The quick themes every plan has (issue 33: Free keeps the basic themes); the others come with the plans that have `allThemes`. */
export const BASIC_THEME_NAMES: readonly QuickThemeName[] = ['Violet', 'Ocean', 'Forest', 'Sunset', 'Rose', 'Gold', 'Mint', 'Sky'];

/**
 * The default look's and the basic themes' colours before issue 51 darkened
 * them for WCAG AA. A page that chose one keeps it, on every plan, as a basic
 * theme: nobody's look is taken away by the change.
 */
export const EARLIER_BASIC_COLOURS: ReadonlyArray<{ name: QuickThemeName | 'default'; primaryColor: string; secondaryColor: string }> = [
  { name: 'default', primaryColor: '#8B5CF6', secondaryColor: '#EC4899' },
  { name: 'Violet', primaryColor: '#8B5CF6', secondaryColor: '#EC4899' },
  { name: 'Ocean', primaryColor: '#0EA5E9', secondaryColor: '#22D3EE' },
  { name: 'Forest', primaryColor: '#22C55E', secondaryColor: '#84CC16' },
  { name: 'Sunset', primaryColor: '#F97316', secondaryColor: '#F43F5E' },
  { name: 'Rose', primaryColor: '#F43F5E', secondaryColor: '#FB7185' },
  { name: 'Gold', primaryColor: '#EAB308', secondaryColor: '#F59E0B' },
  { name: 'Mint', primaryColor: '#10B981', secondaryColor: '#2DD4BF' },
  { name: 'Sky', primaryColor: '#38BDF8', secondaryColor: '#818CF8' },
];
