// Carts as stored, and what a shopper's own requests cannot do to one: the cart module's own
// test set-up, through its door.
export { cartIdsOf, cartLinesOf, cartStatusOf, emptyCart, giveCart, setLineQuantities, storedCart } from "../modules/cart";
