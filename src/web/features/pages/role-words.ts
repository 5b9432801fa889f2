import type { PageRole } from '#shared/page-roles.ts';

// What a role on a page is called and what it may do (PAGE_ROLE_INFO's words), in the screen's language (issue 54).
export const ROLE_WORDS = {
  owner: {
    name: /*i18n*/ { id: 'app.role.owner', message: 'Owner' },
    may: /*i18n*/ { id: 'app.role.ownerMay', message: 'Everything, including the domain, the team and deleting the page' },
  },
  editor: {
    name: /*i18n*/ { id: 'app.role.editor', message: 'Editor' },
    may: /*i18n*/ { id: 'app.role.editorMay', message: 'Everything on the page but deleting it, moving it, its domain and its team' },
  },
  analyst: {
    name: /*i18n*/ { id: 'app.role.analyst', message: 'Analyst' },
    may: /*i18n*/ { id: 'app.role.analystMay', message: 'Reads analytics and subscribers, and changes nothing' },
  },
} as const satisfies Record<PageRole, object>;
