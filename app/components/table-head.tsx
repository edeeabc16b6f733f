/** A shop table's header row: the columns spaced apart, the last one (the amount) set right. */
export function TableHead({ labels }: { labels: readonly string[] }) {
  return (
    <thead className="border-b border-gray-300">
      <tr>
        {labels.map((label, i) => (
          <th key={label} scope="col" className={i === labels.length - 1 ? "py-2 text-right" : "py-2 pr-3"}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
