// The shop's solid 20 px status icons, drawn in the text colour and hidden
// from screen readers: the words beside them say the same.

function SolidIcon({ path, className }: { path: string; className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="currentColor">
      <path fillRule="evenodd" d={path} clipRule="evenodd" />
    </svg>
  );
}

/** A tick in a circle: added to the cart, free shipping reached. */
export function CheckCircleIcon({ className }: { className: string }) {
  return (
    <SolidIcon
      className={className}
      path="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z"
    />
  );
}

/** An exclamation mark in a triangle: a limit reached. */
export function WarningIcon({ className }: { className: string }) {
  return (
    <SolidIcon
      className={className}
      path="M8.3 2.9a2 2 0 0 1 3.4 0l6.1 10.8A2 2 0 0 1 16.1 16.7H3.9a2 2 0 0 1-1.7-3L8.3 2.9ZM10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
    />
  );
}
