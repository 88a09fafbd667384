/** docs/requirements.md §9: the pager shows 10 items a page; a listing without pages shows every item. */
export const PAGE_SIZE = 10;
