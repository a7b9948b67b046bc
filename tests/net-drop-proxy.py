#!/usr/bin/env python3
"""A TCP relay that drops its first connection mid-game, for the net-cli
tests: the joiner connects here, the relay connects to the host, and once
the joiner has sent CUT lines the first connection is cut on both sides
(as a line gone dead would be). Later connections are relayed as they are.
Prints "relay port N" once it listens.
Usage: net-drop-proxy.py HOST_PORT CUT"""
import socket
import sys
import threading

target = ("127.0.0.1", int(sys.argv[1]))
cut_after = int(sys.argv[2])


def pump(src, dst, count_lines, state):
    try:
        while True:
            data = src.recv(4096)
            if not data:
                break
            dst.sendall(data)
            if count_lines:
                state["lines"] += data.count(b"\n")
                if state["lines"] >= cut_after and state["cut_me"]:
                    break
    except OSError:
        pass
    for s in (src, dst):
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def serve(client, first):
    try:
        server = socket.create_connection(target)
    except OSError:  # the host is not listening (yet): the joiner retries
        client.close()
        return
    state = {"lines": 0, "cut_me": first}
    threading.Thread(target=pump, args=(server, client, False, state),
                     daemon=True).start()
    pump(client, server, True, state)


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(4)
print("relay port %d" % listener.getsockname()[1], flush=True)
first = True
while True:
    conn, _ = listener.accept()
    threading.Thread(target=serve, args=(conn, first), daemon=True).start()
    first = False
