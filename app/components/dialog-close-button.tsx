/** The × in a dialog's top corner, a 44 px target named "Close" for screen readers. */
export function DialogCloseButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-m-2 flex h-11 w-11 shrink-0 items-center justify-center rounded text-2xl text-gray-600 hover:bg-mist"
      aria-label="Close"
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}
