"""``ordered_map``: a function over tasks in processes side by side, the answers in
the tasks' order, so that what a command prints or writes does not depend on how
many processes ran it.

    >>> list(ordered_map(abs, [-2, 3, -1], jobs=1))
    [2, 3, 1]
"""

from __future__ import annotations

import collections
import concurrent.futures
import multiprocessing


def ordered_map(function, tasks, jobs: int = 1, ahead: int = 2):
    """Yield ``function(task)`` for each of ``tasks`` (an iterable, which may be
    endless) in order, computed by ``jobs`` processes (1: in this one), at most
    ``ahead`` tasks a process ahead of the answer the caller waits for. ``function``
    must be a module's top-level function (processes import it)."""
    if jobs <= 1:
        for task in tasks:
            yield function(task)
        return
    context = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=context) as pool:
        waiting = collections.deque()
        tasks = iter(tasks)
        try:
            for task in tasks:
                waiting.append(pool.submit(function, task))
                if len(waiting) >= jobs * ahead:
                    yield waiting.popleft().result()
            while waiting:
                yield waiting.popleft().result()
        finally:
            for future in waiting:
                future.cancel()
