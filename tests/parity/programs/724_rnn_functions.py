# ATen's recurrent functions the nn modules call, torch.lstm/gru/rnn_tanh/rnn_relu over a
# sequence from the modules' flat weights (bidirectional, projections, no bias, batch_first,
# a packed batch) and the one-step cells, against the modules, in float32 and float64.

import torch

torch.manual_seed(0)
for dt in (torch.float32, torch.float64):
    x = torch.randn(5, 2, 3, dtype=dt)
    m = torch.nn.LSTM(3, 4, num_layers=2, bidirectional=True).to(dt)
    h, c = torch.zeros(4, 2, 4, dtype=dt), torch.zeros(4, 2, 4, dtype=dt)
    params = [getattr(m, n) for n in m._flat_weights_names]
    out, hn, cn = torch.lstm(x, (h, c), params, True, 2, 0.0, False, True, False)
    ref = m(x, (h, c))
    print(
        out.grad_fn,
        torch.equal(out, ref[0]),
        torch.equal(hn, ref[1][0]),
        torch.equal(cn, ref[1][1]),
    )
    print(out[0, 0])
    g = torch.nn.GRU(3, 4, batch_first=True, bias=False).to(dt)
    xb = x.transpose(0, 1).contiguous()
    o, hh = torch.gru(
        xb,
        torch.zeros(1, 2, 4, dtype=dt),
        [getattr(g, n) for n in g._flat_weights_names],
        False,
        1,
        0.0,
        False,
        False,
        True,
    )
    print(torch.equal(o, g(xb)[0]), hh[0, 0])
    r = torch.nn.RNN(3, 4, nonlinearity="relu").to(dt)
    o, hh = torch.rnn_relu(
        x,
        torch.zeros(1, 2, 4, dtype=dt),
        [getattr(r, n) for n in r._flat_weights_names],
        True,
        1,
        0.0,
        False,
        False,
        False,
    )
    print(torch.equal(o, r(x)[0]))
    r2 = torch.nn.RNN(3, 4).to(dt)
    o, hh = torch.rnn_tanh(
        x,
        torch.zeros(1, 2, 4, dtype=dt),
        [getattr(r2, n) for n in r2._flat_weights_names],
        True,
        1,
        0.0,
        False,
        False,
        False,
    )
    print(torch.equal(o, r2(x)[0]), o.sum())
    cell = torch.nn.RNNCell(3, 4).to(dt)
    print(
        torch.equal(
            torch.rnn_tanh_cell(
                x[0],
                torch.zeros(2, 4, dtype=dt),
                cell.weight_ih,
                cell.weight_hh,
                cell.bias_ih,
                cell.bias_hh,
            ),
            cell(x[0]),
        )
    )
    pm = torch.nn.LSTM(3, 5, proj_size=2).to(dt)
    o, hn, cn = torch.lstm(
        x,
        (torch.zeros(1, 2, 2, dtype=dt), torch.zeros(1, 2, 5, dtype=dt)),
        [getattr(pm, n) for n in pm._flat_weights_names],
        True,
        1,
        0.0,
        False,
        False,
        False,
    )
    print(o.shape, torch.equal(o, pm(x)[0]))
    packed = torch.nn.utils.rnn.pack_padded_sequence(x, torch.tensor([5, 3]))
    o, hn = torch.gru(
        packed.data,
        packed.batch_sizes,
        torch.zeros(1, 2, 4, dtype=dt),
        [getattr(g, n) for n in g._flat_weights_names],
        False,
        1,
        0.0,
        False,
        False,
    )
    print(o.shape, hn.shape)
