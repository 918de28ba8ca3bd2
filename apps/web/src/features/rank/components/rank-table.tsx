import { Avatar, Table } from "@mantine/core";
import type { Rank } from "@neonlab/shared/schemas/progress";
import { IconTrophy } from "@tabler/icons-react";
import { Link } from "react-router";
import { type RankRow, rankRows } from "../lib/rank-rows.ts";
import classes from "./rank.module.css";
import { formatCount } from "@neonlab/shared/format";

/** The leaderboard: position, learner, XP; the caller's row highlighted, or pinned below the top 50. */
export function RankTable({ rank, caption }: { rank: Rank; caption: string }) {
  const { rows, pinned } = rankRows(rank);
  return (
    <div className={classes.tableWrap}>
      <Table className={classes.table} verticalSpacing="sm" data-rank-table={rank.period}>
        <caption className={classes.caption}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.position}>
              #
            </Table.Th>
            <Table.Th scope="col">Learner</Table.Th>
            <Table.Th scope="col" className={classes.xp}>
              XP
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Row key={row.user_id} row={row} />
          ))}
        </Table.Tbody>
        {pinned && (
          <Table.Tfoot>
            {rows.length > 0 && (
              <Table.Tr aria-hidden="true" className={classes.gap}>
                <Table.Td colSpan={3}>⋯</Table.Td>
              </Table.Tr>
            )}
            <Row row={pinned} />
          </Table.Tfoot>
        )}
      </Table>
    </div>
  );
}

function Row({ row }: { row: RankRow }) {
  return (
    <Table.Tr
      className={row.isMe ? classes.me : undefined}
      data-me={row.isMe || undefined}
      aria-current={row.isMe ? "true" : undefined}
    >
      <Table.Td className={classes.position}>
        <span className={classes.positionValue} data-top={row.position <= 3 ? row.position : undefined}>
          {row.position <= 3 && <IconTrophy size={15} aria-hidden="true" />}
          {row.position}
        </span>
      </Table.Td>
      <Table.Td>
        <Link to={`/profile/${row.username}`} className={classes.learner}>
          {/* Neutral: the per-name colours of Mantine's initials fall below 4.5:1 contrast in light mode. */}
          <Avatar src={row.avatar} alt="" size={32} radius="xl" name={row.display_name} variant="default" />
          <span className={classes.names}>
            <span className={classes.displayName}>
              {row.display_name}
              {row.isMe && <span className={classes.you}> (you)</span>}
            </span>
            <span className={classes.username}>@{row.username}</span>
          </span>
        </Link>
      </Table.Td>
      <Table.Td className={classes.xp}>{formatCount(row.xp)}</Table.Td>
    </Table.Tr>
  );
}
