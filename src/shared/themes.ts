// The quick themes (spec 000 §2), and which of them every plan has (issue 33).
// No schema here: the pricing page reads the counts without loading the schema library.

/** 24 quick colour themes: a primary and secondary colour and a background gradient (spec 000 §2). */
export const QUICK_THEMES = [
  { name: 'Violet', primaryColor: '#8B5CF6', secondaryColor: '#EC4899', gradient: ['#1E1B4B', '#4C1D95'] },
  { name: 'Ocean', primaryColor: '#0EA5E9', secondaryColor: '#22D3EE', gradient: ['#082F49', '#0C4A6E'] },
  { name: 'Forest', primaryColor: '#22C55E', secondaryColor: '#84CC16', gradient: ['#052E16', '#14532D'] },
  { name: 'Sunset', primaryColor: '#F97316', secondaryColor: '#F43F5E', gradient: ['#431407', '#7C2D12'] },
  { name: 'Rose', primaryColor: '#F43F5E', secondaryColor: '#FB7185', gradient: ['#4C0519', '#881337'] },
  { name: 'Gold', primaryColor: '#EAB308', secondaryColor: '#F59E0B', gradient: ['#1C1917', '#422006'] },
  { name: 'Mint', primaryColor: '#10B981', secondaryColor: '#2DD4BF', gradient: ['#022C22', '#134E4A'] },
  { name: 'Sky', primaryColor: '#38BDF8', secondaryColor: '#818CF8', gradient: ['#0F172A', '#1E3A8A'] },
  { name: 'Fuchsia', primaryColor: '#D946EF', secondaryColor: '#A855F7', gradient: ['#2E1065', '#701A75'] },
  { name: 'Crimson', primaryColor: '#DC2626', secondaryColor: '#F97316', gradient: ['#1C0A0A', '#450A0A'] },
  { name: 'Slate', primaryColor: '#64748B', secondaryColor: '#94A3B8', gradient: ['#020617', '#1E293B'] },
  { name: 'Lime', primaryColor: '#84CC16', secondaryColor: '#FACC15', gradient: ['#1A2E05', '#365314'] },
  { name: 'Indigo', primaryColor: '#6366F1', secondaryColor: '#8B5CF6', gradient: ['#1E1B4B', '#312E81'] },
  { name: 'Coral', primaryColor: '#FB7185', secondaryColor: '#FDBA74', gradient: ['#3F1D2B', '#7F1D1D'] },
  { name: 'Teal', primaryColor: '#14B8A6', secondaryColor: '#06B6D4', gradient: ['#042F2E', '#115E59'] },
  { name: 'Amber', primaryColor: '#F59E0B', secondaryColor: '#EF4444', gradient: ['#292524', '#78350F'] },
  { name: 'Lavender', primaryColor: '#A78BFA', secondaryColor: '#F0ABFC', gradient: ['#2E1065', '#4C1D95'] },
  { name: 'Cyber', primaryColor: '#22D3EE', secondaryColor: '#E879F9', gradient: ['#030712', '#1E1B4B'] },
  { name: 'Noir', primaryColor: '#E4E4E7', secondaryColor: '#A1A1AA', gradient: ['#09090B', '#27272A'] },
  { name: 'Cherry', primaryColor: '#BE123C', secondaryColor: '#E11D48', gradient: ['#1F0A12', '#4C0519'] },
  { name: 'Emerald', primaryColor: '#059669', secondaryColor: '#34D399', gradient: ['#011A13', '#064E3B'] },
  { name: 'Blueberry', primaryColor: '#3B82F6', secondaryColor: '#6366F1', gradient: ['#0B1120', '#1E3A8A'] },
  { name: 'Peach', primaryColor: '#FB923C', secondaryColor: '#FDA4AF', gradient: ['#27150B', '#7C2D12'] },
  { name: 'Aurora', primaryColor: '#2DD4BF', secondaryColor: '#A78BFA', gradient: ['#042F2E', '#2E1065'] },
] as const;
export type QuickTheme = (typeof QUICK_THEMES)[number];
export type QuickThemeName = QuickTheme['name'];

/** The quick themes every plan has (issue 33: Free keeps the basic themes); the others come with the plans that have `allThemes`. */
export const BASIC_THEME_NAMES: readonly QuickThemeName[] = ['Violet', 'Ocean', 'Forest', 'Sunset', 'Rose', 'Gold', 'Mint', 'Sky'];
