// Versioned resources (configuration versions, gateway routes and policies): the history list, its frame,
// and promotion to the next environment, shared by the control plane and the gateway tab.
export { PromotionActions } from '@/versioned/promotion-actions';
export { PromotionDialog } from '@/versioned/promotion-dialog';
export { promotionTarget } from '@/versioned/promotion-target';
export { usePromotion } from '@/versioned/use-promotion';
export { VersionList } from '@/versioned/version-entry';
export { VersionHistoryFrame } from '@/versioned/version-history-frame';
