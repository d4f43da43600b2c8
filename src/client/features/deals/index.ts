/** What other features use from deals: the board, the pipeline card, the CRM tiles and a contact's deals. */
export { ContactDeals } from './contact-deals';
export { DealBoard } from './deal-board';
export { dealStageNames } from './deal-format';
export { dealTiles } from './deal-tiles';
export { useDealSearch, useDealStats } from './deals-api';
export { PipelineCard } from './pipeline-card';
