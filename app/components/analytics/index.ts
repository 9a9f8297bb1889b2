export { pushEvent, setAnalyticsIdentity, type AnalyticsEvent, type AnalyticsIdentity } from './data-layer';
export { useViewItemList, type ListItem } from './view-item-list';
export { reportFormError, useFormStartTracking } from './form-tracking';
