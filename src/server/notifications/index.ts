/** The product's own notifications: the templates (render.ts) shared by e-mail and chat. */
export { renderNotification, fill, type NotificationInput, type RenderedNotification } from './render';
export {
  notificationEvents,
  notificationVariables,
  productChannels,
  isNotificationEvent,
  type NotificationEvent,
  type ProductChannel,
} from './events';
export { defaultTemplate } from './defaults';
export { changeRequestLink, deploymentsLink, tenantLink } from './links';
