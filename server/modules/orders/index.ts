// The orders module's one door: everything outside server/modules/orders/ imports from here.
export { orderAddressOf } from "./address";
export type { OrderAddress } from "./address";
export { anonymiseOrdersOf, anonymisedAddress } from "./erasure";
export {
  cancel,
  createOrdersService,
  donationTrackingIdOf,
  insertPlacedOrder,
  liveOrderIdFor,
  lockBuyer,
  lockOrder,
  lockOrderByRef,
  markDelivered,
  markFulfilled,
  markOrderDeclined,
  markOrderPaid,
  markShipped,
  orderLineRef,
  linesOf,
  orderViewById,
  recordRefund,
  refundableLines,
  setOrderStatus,
} from "./service";
export type { NewOrder, NewOrderLine, OrderLineRow, OrderRow, OrderStatus, OrderView, OrdersService, Transition } from "./service";
export { refund } from "./status";
export { customersByOrderHistory, customersWhoBoughtSkus } from "./segment-reads";
